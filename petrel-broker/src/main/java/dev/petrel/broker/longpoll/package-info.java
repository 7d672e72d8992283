/** Long polling: pulls held per queue, woken by the store's dispatcher, expired by one timer thread. */
package dev.petrel.broker.longpoll;
