package dev.petrel.protocol.body.subscription;

/** A subscription declared in a SubscriptionGroupConfig (POP consumers). */
public record SimpleSubscriptionData(String expression, String expressionType, String topic, long version) {
}
