package dev.petrel.common.config;

/** A configuration value that cannot be used; the message names the property, the value and what is expected. */
public final class ConfigException extends RuntimeException {

    public ConfigException(String message) {
        super(message);
    }

    public ConfigException(String message, Throwable cause) {
        super(message, cause);
    }
}
