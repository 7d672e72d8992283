package dev.petrel.client;

/**
 * A client call failed. The message says what happened and, where there is something to do, what to do. Subclasses
 * tell the broad causes apart: {@link NoRouteException} (the topic has no route), {@link BrokerException} (a broker or
 * NameServer answered with an error code), {@link NetworkException} (no answer: connect failure, timeout).
 */
public class ClientException extends RuntimeException {

    public ClientException(String message) {
        super(message);
    }

    public ClientException(String message, Throwable cause) {
        super(message, cause);
    }
}
