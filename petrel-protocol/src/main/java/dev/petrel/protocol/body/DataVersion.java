package dev.petrel.protocol.body;

/**
 * Version of a broker's topic (or other) configuration: the NameServer compares the registered one to decide whether
 * topic configs changed (equal = all three fields equal). Body of QUERY_DATA_VERSION; part of registration and of the
 * persisted config files.
 *
 * @param counter      incremented on every change
 * @param stateVersion epoch of the broker's state (controller mode), else 0
 * @param timestamp    wall-clock ms of the last change
 */
public record DataVersion(long counter, long stateVersion, long timestamp) {

    public static final BodyCodec<DataVersion> CODEC = BodyCodec.of(DataVersion.class);

    /** A fresh version: counter 0 at {@code nowMillis}. */
    public static DataVersion initial(long nowMillis) {
        return new DataVersion(0, 0, nowMillis);
    }

    /** The version after one more change at {@code nowMillis}. */
    public DataVersion next(long nowMillis) {
        return new DataVersion(counter + 1, stateVersion, nowMillis);
    }
}
