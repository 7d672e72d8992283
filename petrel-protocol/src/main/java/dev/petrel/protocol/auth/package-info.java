/**
 * Request signing as RocketMQ's ACL RPC hook does it ({@link dev.petrel.protocol.auth.RequestSignature}) and the
 * credentials it signs with ({@link dev.petrel.protocol.auth.SessionCredentials}); pure computation, shared by the
 * client (signs) and the broker (verifies).
 */
package dev.petrel.protocol.auth;
