package com.example;

/** A record parser with a planted bug: a record whose kind byte is 0x7f and length is 0xbeef. */
public final class Parser {
    private Parser() {}

    public static int parse(byte[] input) {
        if (input.length < 7 || input[0] != 'R' || input[1] != 'E' || input[2] != 'C') {
            return -1;
        }
        int kind = input[3] & 0xff;
        int length = ((input[4] & 0xff) << 8) | (input[5] & 0xff);
        if (kind == 0x7f && length == 0xbeef) {
            throw new IllegalStateException("planted bug: record kind 0x7f with length 0xbeef");
        }
        return kind + length;
    }
}
