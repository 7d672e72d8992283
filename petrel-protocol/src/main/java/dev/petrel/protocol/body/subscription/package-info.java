/** Subscription-group configuration, its retry policies and wrappers (also {@code subscriptionGroup.json}). */
package dev.petrel.protocol.body.subscription;
