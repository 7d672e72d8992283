package dev.petrel.protocol.body.subscription;

/** Which retry schedule a group uses. */
public enum GroupRetryPolicyType {
    EXPONENTIAL,
    CUSTOMIZED
}
