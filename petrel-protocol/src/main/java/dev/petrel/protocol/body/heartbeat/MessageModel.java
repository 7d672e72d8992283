package dev.petrel.protocol.body.heartbeat;

/** Whether each message goes to one member of the group (CLUSTERING) or to every member (BROADCASTING). */
public enum MessageModel {
    BROADCASTING,
    CLUSTERING
}
