package dev.petrel.broker.pull;

/** Bits of a pull request's {@code sysFlag} (Apache's {@code PullSysFlag}, flows.md §8). */
public final class PullSysFlag {

    public static final int COMMIT_OFFSET = 0x1;
    public static final int SUSPEND = 0x2;
    public static final int SUBSCRIPTION = 0x4;
    public static final int CLASS_FILTER = 0x8;
    public static final int LITE_PULL = 0x10;

    private PullSysFlag() {
    }

    public static boolean has(int sysFlag, int bit) {
        return (sysFlag & bit) != 0;
    }
}
