package dev.petrel.store;

/** For a search by timestamp: the first (LOWER) or last (UPPER) queue offset among equal timestamps. */
public enum BoundaryType { LOWER, UPPER }
