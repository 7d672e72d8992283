package dev.petrel.protocol.body.auth;

import dev.petrel.protocol.body.BodyCodec;

/**
 * An ACL 2.0 user as AUTH_CREATE_USER / AUTH_UPDATE_USER (3001/3002) carry it and AUTH_GET_USER / AUTH_LIST_USER
 * (3004/3005) return it: {@code {"password":"…","userStatus":"enable","userType":"Normal","username":"alice"}}. Null
 * fields are omitted. Values are case-insensitive on input; {@code userType} Super | Normal, {@code userStatus}
 * enable | disable. {@link #toString()} hides the password.
 */
public record UserInfo(String username, String password, String userType, String userStatus) {

    public static final BodyCodec<UserInfo> CODEC = BodyCodec.of(UserInfo.class);

    @Override
    public String toString() {
        return "UserInfo[username=" + username + ", password=" + (password == null ? "null" : "******") + ", userType="
            + userType + ", userStatus=" + userStatus + "]";
    }
}
