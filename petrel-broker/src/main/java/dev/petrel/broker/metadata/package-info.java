/** Topic and consumer-group configurations, the system topics, and the atomic metadata file they are kept in. */
package dev.petrel.broker.metadata;
