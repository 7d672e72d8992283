/** Live producers and consumers: groups, sessions, membership notifications and subscription-conflict detection. */
package dev.petrel.broker.client;
