package dev.petrel.admin.cli;

/** The command line is wrong (unknown flag, missing value, bad number...): exit code 2, the message says what to fix. */
public final class UsageException extends RuntimeException {

    public UsageException(String message) {
        super(message);
    }
}
