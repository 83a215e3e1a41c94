/*
 * jvmfuzz's FuzzedDataProvider for fuzz tests that should not depend on jazzer-api: the same
 * methods as Jazzer's com.code_intelligence.jazzer.api.FuzzedDataProvider, with Jazzer's data
 * layout (numbers and picks from the end of the input, bytes and strings from the front), so an
 * input means the same under either interface. A fuzz test takes it as its only parameter; the
 * integration passes an implementation (a proxy over the shim's JazzerLayout).
 */
package com.jvmfuzz.junit;

import java.util.Collection;
import java.util.List;

public interface FuzzedDataProvider {
    boolean consumeBoolean();

    boolean[] consumeBooleans(int maxLength);

    byte consumeByte();

    byte consumeByte(byte min, byte max);

    byte[] consumeBytes(int maxLength);

    byte[] consumeRemainingAsBytes();

    short consumeShort();

    short consumeShort(short min, short max);

    short[] consumeShorts(int maxLength);

    int consumeInt();

    int consumeInt(int min, int max);

    int[] consumeInts(int maxLength);

    long consumeLong();

    long consumeLong(long min, long max);

    long[] consumeLongs(int maxLength);

    float consumeFloat();

    float consumeRegularFloat();

    float consumeRegularFloat(float min, float max);

    float consumeProbabilityFloat();

    double consumeDouble();

    double consumeRegularDouble();

    double consumeRegularDouble(double min, double max);

    double consumeProbabilityDouble();

    char consumeChar();

    char consumeChar(char min, char max);

    char consumeCharNoSurrogates();

    String consumeString(int maxLength);

    String consumeRemainingAsString();

    String consumeAsciiString(int maxLength);

    String consumeRemainingAsAsciiString();

    int remainingBytes();

    <T> T pickValue(Collection<T> collection);

    <T> T pickValue(T[] array);

    boolean pickValue(boolean[] array);

    byte pickValue(byte[] array);

    short pickValue(short[] array);

    int pickValue(int[] array);

    long pickValue(long[] array);

    double pickValue(double[] array);

    float pickValue(float[] array);

    char pickValue(char[] array);

    <T> List<T> pickValues(Collection<T> collection, int numOfElements);

    <T> List<T> pickValues(T[] array, int numOfElements);
}
