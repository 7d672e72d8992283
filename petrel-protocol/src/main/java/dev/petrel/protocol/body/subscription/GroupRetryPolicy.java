package dev.petrel.protocol.body.subscription;

/**
 * A group's retry policy: {@code type} picks which of the two policies applies; each is left out when unset. Absent
 * properties take {@link #DEFAULTS}, {@code {"type":"CUSTOMIZED"}}.
 */
public record GroupRetryPolicy(
    CustomizedRetryPolicy customizedRetryPolicy,
    ExponentialRetryPolicy exponentialRetryPolicy,
    GroupRetryPolicyType type) {

    public static final GroupRetryPolicy DEFAULTS = new GroupRetryPolicy(null, null, GroupRetryPolicyType.CUSTOMIZED);
}
