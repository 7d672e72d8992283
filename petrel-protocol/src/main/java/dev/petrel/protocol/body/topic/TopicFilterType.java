package dev.petrel.protocol.body.topic;

/** How a topic's tags are filtered; RocketMQ always uses SINGLE_TAG. */
public enum TopicFilterType {
    SINGLE_TAG,
    MULTI_TAG
}
