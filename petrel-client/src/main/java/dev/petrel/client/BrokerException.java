package dev.petrel.client;

import dev.petrel.protocol.code.ResponseCode;

/**
 * A broker or NameServer answered a request with an error code. {@link #responseCode()} is RocketMQ's response code
 * ({@link ResponseCode}); {@link #remark()} is the server's own explanation.
 */
public final class BrokerException extends ClientException {

    private final int responseCode;
    private final String remark;
    private final String address;

    /**
     * @param responseCode the server's response code
     * @param remark       the server's remark, may be null
     * @param address      the server, {@code host:port}
     * @param what         the call, for the message ("send to ...", "pull of ...")
     */
    public BrokerException(int responseCode, String remark, String address, String what) {
        super(what + " failed at " + address + ": code " + responseCode + " (" + codeName(responseCode) + ")"
            + (remark == null || remark.isEmpty() ? "" : ", " + remark) + advice(responseCode));
        this.responseCode = responseCode;
        this.remark = remark;
        this.address = address;
    }

    /** RocketMQ's response code ({@link ResponseCode}). */
    public int responseCode() {
        return responseCode;
    }

    /** The server's remark; may be null. */
    public String remark() {
        return remark;
    }

    /** The server that answered, {@code host:port}. */
    public String address() {
        return address;
    }

    private static String codeName(int code) {
        return switch (code) {
            case ResponseCode.SYSTEM_ERROR -> "SYSTEM_ERROR";
            case ResponseCode.SYSTEM_BUSY -> "SYSTEM_BUSY";
            case ResponseCode.REQUEST_CODE_NOT_SUPPORTED -> "REQUEST_CODE_NOT_SUPPORTED";
            case ResponseCode.MESSAGE_ILLEGAL -> "MESSAGE_ILLEGAL";
            case ResponseCode.SERVICE_NOT_AVAILABLE -> "SERVICE_NOT_AVAILABLE";
            case ResponseCode.NO_PERMISSION -> "NO_PERMISSION";
            case ResponseCode.TOPIC_NOT_EXIST -> "TOPIC_NOT_EXIST";
            case ResponseCode.SUBSCRIPTION_GROUP_NOT_EXIST -> "SUBSCRIPTION_GROUP_NOT_EXIST";
            case ResponseCode.SUBSCRIPTION_PARSE_FAILED -> "SUBSCRIPTION_PARSE_FAILED";
            case ResponseCode.SUBSCRIPTION_NOT_EXIST -> "SUBSCRIPTION_NOT_EXIST";
            case ResponseCode.SUBSCRIPTION_NOT_LATEST -> "SUBSCRIPTION_NOT_LATEST";
            case ResponseCode.QUERY_NOT_FOUND -> "QUERY_NOT_FOUND";
            case ResponseCode.CONSUMER_NOT_ONLINE -> "CONSUMER_NOT_ONLINE";
            case ResponseCode.FLOW_CONTROL -> "FLOW_CONTROL";
            case ResponseCode.ILLEGAL_OPERATION -> "ILLEGAL_OPERATION";
            default -> "code " + code;
        };
    }

    private static String advice(int code) {
        return switch (code) {
            case ResponseCode.REQUEST_CODE_NOT_SUPPORTED -> "; this server version does not implement the request";
            case ResponseCode.SUBSCRIPTION_GROUP_NOT_EXIST ->
                "; create the group (mqadmin updateSubGroup) or enable autoCreateSubscriptionGroup on the broker";
            case ResponseCode.NO_PERMISSION -> "; check the broker's and the topic's permissions (brokerPermission, perm)";
            case ResponseCode.SYSTEM_BUSY -> "; the broker is overloaded, retry later or add brokers";
            default -> "";
        };
    }
}
