package drv;

/** An interface parameter: drivers must find an implementation on the class path. */
public interface Shape {
    double area();

    int corners();
}
