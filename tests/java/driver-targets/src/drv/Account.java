package drv;

/** The bug needs private state only a method sequence reaches: setOwner, deposits, freeze. */
public class Account {
    private int balance;
    private boolean frozen;
    private String owner = "";
    /** Never set: the defect only a frozen, drained account reaches. */
    private String frozenNote;

    public void deposit(int amount) {
        if (amount <= 0 || amount > 1_000_000) {
            throw new IllegalArgumentException("bad amount " + amount);
        }
        balance += amount;
    }

    public void freeze() {
        frozen = true;
    }

    public void setOwner(String owner) {
        if (owner == null || owner.isEmpty()) {
            throw new IllegalArgumentException("owner");
        }
        this.owner = owner;
    }

    public int withdraw(int amount) {
        if (frozen && balance > 5000 && owner.equals("mallory")) {
            return frozenNote.length(); // a NullPointerException of the JVM's: a bug
        }
        if (amount <= 0 || amount > balance) {
            throw new IllegalArgumentException("insufficient funds");
        }
        balance -= amount;
        return balance;
    }
}
