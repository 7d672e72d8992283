/** Topic configurations, their wrappers (also {@code topics.json}), static-topic mappings and topic lists. */
package dev.petrel.protocol.body.topic;
