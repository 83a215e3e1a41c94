/*
 * The deserialization detector's honeypot: a serializable class no program has. An input stream
 * that makes ObjectInputStream create one has chosen the class of the objects it reads, which
 * is what gadget chains need. Reading one reports the finding before anything else of it runs.
 * (Not named jaz.Zer: jazzer-api ships a class of that name, which harnesses compile against.)
 */
package com.jvmfuzz.shim.detectors;

import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.Serializable;

public final class Honeypot implements Serializable {
    private static final long serialVersionUID = 42L;

    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
        Deserialization.honeypotRead();
    }
}
