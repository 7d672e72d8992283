/** The JSON bodies of the ACL 2.0 admin requests (AUTH_* 3001–3010). */
package dev.petrel.protocol.body.auth;
