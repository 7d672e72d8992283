package dev.petrel.protocol.header.admin;

/**
 * RESUME_CHECK_HALF_MESSAGE (323) request.
 */
public record ResumeCheckHalfMessageRequestHeader(
    String topic,
    String msgId) {
}
