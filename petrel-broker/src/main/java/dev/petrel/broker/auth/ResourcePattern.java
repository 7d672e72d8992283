package dev.petrel.broker.auth;

/** How a policy entry's resource name matches: exactly, as a prefix, or any name. */
public enum ResourcePattern {
    LITERAL, PREFIXED, ANY
}
