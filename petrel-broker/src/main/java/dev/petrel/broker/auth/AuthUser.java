package dev.petrel.broker.auth;

import java.util.Objects;

/**
 * An ACL 2.0 user: the username is the access key clients sign with, the password its secret key. Immutable;
 * {@link #toString()} hides the password.
 */
public record AuthUser(String username, String password, UserType type, UserStatus status) {

    public AuthUser {
        Objects.requireNonNull(username, "username");
        Objects.requireNonNull(password, "password");
        type = type == null ? UserType.NORMAL : type;
        status = status == null ? UserStatus.ENABLE : status;
    }

    public boolean isSuper() {
        return type == UserType.SUPER;
    }

    public boolean isEnabled() {
        return status == UserStatus.ENABLE;
    }

    /** RocketMQ's subject key of this user's ACL. */
    public String subject() {
        return Acl.subjectOf(username);
    }

    @Override
    public String toString() {
        return "AuthUser[" + username + ", " + type.wireName() + ", " + status.wireName() + "]";
    }
}
