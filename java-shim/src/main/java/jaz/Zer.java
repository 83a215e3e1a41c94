/*
 * The deserialization detector's honeypot (Jazzer's name for it): a serializable class no
 * program has. An input stream that makes ObjectInputStream create one has chosen the class of
 * the objects it reads, which is what gadget chains need. Reading one reports the finding
 * before anything else of it runs.
 */
package jaz;

import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.Serializable;

public final class Zer implements Serializable {
    private static final long serialVersionUID = 42L;

    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
        com.jvmfuzz.shim.detectors.Deserialization.honeypotRead();
    }
}
