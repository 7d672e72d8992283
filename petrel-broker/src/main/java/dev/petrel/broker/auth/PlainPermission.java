package dev.petrel.broker.auth;

/**
 * ACL 1.0's permission bits and words (security.md §2.3): {@code DENY} 1, {@code PUB} 4, {@code SUB} 8,
 * {@code PUB|SUB} / {@code SUB|PUB} 12; any other word, or none, is DENY. ANY (2) is only ever <em>needed</em>, never
 * owned. A permission that has the DENY bit refuses everything.
 */
final class PlainPermission {

    static final byte DENY = 1;
    static final byte ANY = 1 << 1;
    static final byte PUB = 1 << 2;
    static final byte SUB = 1 << 3;

    private PlainPermission() {
    }

    /** The bits of a permission word; unknown words and null are DENY, as in RocketMQ. */
    static byte parse(String word) {
        if (word == null) {
            return DENY;
        }
        return switch (word.trim()) {
            case "PUB" -> PUB;
            case "SUB" -> SUB;
            case "PUB|SUB", "SUB|PUB" -> (byte) (PUB | SUB);
            default -> DENY;
        };
    }

    /** Whether {@code word} is one of the four words RocketMQ writes (the others parse as DENY). */
    static boolean isKnown(String word) {
        return word != null && (word.trim().equals("DENY") || parse(word) != DENY);
    }

    /** Whether {@code owned} grants {@code needed}. */
    static boolean allows(byte needed, byte owned) {
        if ((owned & DENY) != 0) {
            return false;
        }
        if ((needed & ANY) != 0) {
            return (owned & (PUB | SUB)) != 0;
        }
        return (needed & owned) != 0;
    }

    /** The word for {@code bits}, for logs and the migration. */
    static String word(byte bits) {
        if ((bits & DENY) != 0) {
            return "DENY";
        }
        boolean pub = (bits & PUB) != 0;
        boolean sub = (bits & SUB) != 0;
        return pub && sub ? "PUB|SUB" : pub ? "PUB" : sub ? "SUB" : "DENY";
    }
}
