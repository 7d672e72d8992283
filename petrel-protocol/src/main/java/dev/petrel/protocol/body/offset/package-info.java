/** Consumer and delay offsets: GET_ALL_CONSUMER_OFFSET / GET_ALL_DELAY_OFFSET and their files. */
package dev.petrel.protocol.body.offset;
