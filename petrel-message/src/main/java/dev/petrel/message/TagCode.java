package dev.petrel.message;

/**
 * The ConsumeQueue tag code (message-format.md §6): Java's {@code String.hashCode()} of the whole TAGS value,
 * sign-extended to a long; no or empty tags give 0.
 */
public final class TagCode {

    private TagCode() {
    }

    public static long of(String tags) {
        if (tags == null || tags.isEmpty()) {
            return 0;
        }
        return tags.hashCode();
    }
}
