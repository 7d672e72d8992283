package dev.petrel.protocol.body.heartbeat;

/** How a consumer group consumes: ACTIVELY = pull / lite pull, PASSIVELY = push, POP = pop. */
public enum ConsumeType {
    CONSUME_ACTIVELY,
    CONSUME_PASSIVELY,
    CONSUME_POP
}
