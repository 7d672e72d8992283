package dev.petrel.apachebench;

/** A run that could not happen (no route, no queues for the consumer, no such cluster): exit code 1, no result. */
final class DriverFailure extends RuntimeException {
    DriverFailure(String message) {
        super(message);
    }
}
