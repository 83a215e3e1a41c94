package contract;

/** Reads a Registry it is handed (commons-validator's Validator over its ValidatorResources). */
public final class Lookup {
    private final Registry registry;

    public Lookup(Registry registry) {
        this.registry = registry;
    }

    public String find(String key) {
        return registry.lookup(key);
    }

    public String refresh(String key) {
        registry.forget();
        return registry.lookupFresh(key);
    }
}
