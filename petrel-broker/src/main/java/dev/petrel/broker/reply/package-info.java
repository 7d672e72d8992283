/** Request-reply: SEND_REPLY_MESSAGE(_V2) stores a reply and pushes it to the requesting client's connection. */
package dev.petrel.broker.reply;
