package dev.petrel.server.bench;

/** A run could not start or go on because of its surroundings (no route, no consumer assignment); the message says why. */
final class BenchFailure extends RuntimeException {

    BenchFailure(String message) {
        super(message);
    }

    BenchFailure(String message, Throwable cause) {
        super(message, cause);
    }
}
