package dev.petrel.protocol.header;

/** Which message SEARCH_OFFSET_BY_TIMESTAMP returns when several have the timestamp; read case-insensitively. */
public enum BoundaryType {
    LOWER,
    UPPER
}
