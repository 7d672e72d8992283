package dev.petrel.client.internal.consumer;

/** The pull request's sysFlag bits (request-codes.md §4.2, RocketMQ's PullSysFlag). */
public final class PullSysFlag {

    public static final int COMMIT_OFFSET = 0x1;
    public static final int SUSPEND = 0x2;
    public static final int SUBSCRIPTION = 0x4;
    public static final int CLASS_FILTER = 0x8;
    public static final int LITE_PULL = 0x10;

    private PullSysFlag() {
    }
}
