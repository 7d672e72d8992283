package dev.petrel.broker.metadata;

/** RocketMQ's permission bits of topics and of the whole broker (system-topics.md §9). */
public final class Perm {

    public static final int PRIORITY = 8;
    public static final int READ = 4;
    public static final int WRITE = 2;
    public static final int INHERIT = 1;
    public static final int READ_WRITE = READ | WRITE;

    private Perm() {
    }

    public static boolean isReadable(int perm) {
        return (perm & READ) == READ;
    }

    public static boolean isWriteable(int perm) {
        return (perm & WRITE) == WRITE;
    }

    public static boolean isInherited(int perm) {
        return (perm & INHERIT) == INHERIT;
    }

    /** Valid topic permissions are 0..7 ({@code PermName.isValid}). */
    public static boolean isValid(int perm) {
        return perm >= 0 && perm < PRIORITY;
    }

    /** Display form: {@code RW-}, {@code R--}, ... as Apache's {@code PermName.perm2String}. */
    public static String toText(int perm) {
        return (isReadable(perm) ? "R" : "-") + (isWriteable(perm) ? "W" : "-") + (isInherited(perm) ? "X" : "-");
    }
}
