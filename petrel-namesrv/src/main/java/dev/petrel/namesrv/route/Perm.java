package dev.petrel.namesrv.route;

/** RocketMQ's {@code PermName} bits, as they travel in QueueData and TopicConfig {@code perm}. */
public final class Perm {

    public static final int PRIORITY = 8;
    public static final int READ = 4;
    public static final int WRITE = 2;
    public static final int INHERIT = 1;

    private Perm() {
    }

    public static boolean isWritable(int perm) {
        return (perm & WRITE) == WRITE;
    }

    public static boolean isReadable(int perm) {
        return (perm & READ) == READ;
    }
}
