/*
 * deserialization (CWE-502): the input reaches ObjectInputStream.readObject/readUnshared and
 * can name the class of what is read: the honeypot class (Honeypot) gets deserialized (its
 * readObject reports). The hook on ObjectInputStream's constructor guides the fuzzer towards
 * the serialized honeypot when the stream can be peeked at (mark/reset).
 */
package com.jvmfuzz.shim.detectors;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectOutputStream;
import java.lang.invoke.MethodHandle;

public final class Deserialization {
    private Deserialization() {}

    static final String NAME = "deserialization";
    private static final int PEEK = 4096;
    private static volatile byte[] payload;

    /** Called by {@code Honeypot.readObject}. */
    public static void honeypotRead() {
        Detector.report(NAME, "unsafe deserialization: the input chose the class of a deserialized object (the honeypot "
                + Honeypot.class.getName() + ")");
    }

    /** {@code new ObjectInputStream(InputStream)}: guidance only. */
    public static void stream(MethodHandle method, Object self, Object[] args, int id) {
        if (args.length == 0 || !(args[0] instanceof InputStream)) {
            return;
        }
        InputStream in = (InputStream) args[0];
        if (!in.markSupported()) {
            return;
        }
        try {
            in.mark(PEEK);
            byte[] head = in.readNBytes(PEEK);
            in.reset();
            com.jvmfuzz.shim.fuzz.Cmp.api(head, payload());
        } catch (IOException | RuntimeException e) {
            // Not peekable after all: no guidance.
        }
    }

    private static byte[] payload() throws IOException {
        byte[] p = payload;
        if (p == null) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            try (ObjectOutputStream o = new ObjectOutputStream(out)) {
                o.writeObject(new Honeypot());
            }
            payload = p = out.toByteArray();
        }
        return p;
    }
}
