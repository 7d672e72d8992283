package dev.petrel.broker.auth;

import dev.petrel.common.config.ConfigDef;
import dev.petrel.common.config.ConfigKey;

/**
 * RocketMQ 5.3's ACL 2.0 keys of broker.conf (security.md §3.1), with Apache's names and defaults. The provider,
 * strategy and cache keys are accepted so an Apache broker.conf loads unchanged; Petrel has one built-in provider
 * (users and ACLs in {@code config/auth.json}, all in memory), so their values change nothing.
 */
public final class AuthConfig {

    public static final ConfigKey<Boolean> AUTHENTICATION_ENABLED = ConfigKey.ofBoolean("authenticationEnabled", false,
        "verify every request's signature (access key, HmacSHA1 signature, optional security token) against the "
            + "broker's users; refusals answer NO_PERMISSION (16)");
    public static final ConfigKey<String> AUTHENTICATION_PROVIDER = ConfigKey.ofString("authenticationProvider", null,
        "accepted for compatibility; Petrel always uses its built-in provider (Apache's DefaultAuthenticationProvider rules)");
    public static final ConfigKey<String> AUTHENTICATION_METADATA_PROVIDER = ConfigKey.ofString(
        "authenticationMetadataProvider", null,
        "accepted for compatibility; Petrel always keeps users in config/auth.json under storePathRootDir "
            + "(Apache requires LocalAuthenticationMetadataProvider here)");
    public static final ConfigKey<String> AUTHENTICATION_STRATEGY = ConfigKey.ofString("authenticationStrategy", null,
        "accepted for compatibility; Petrel authenticates every request (Apache's stateless strategy)");
    public static final ConfigKey<String> AUTHENTICATION_WHITELIST = ConfigKey.ofString("authenticationWhitelist", null,
        "comma-separated request codes (numbers, e.g. 34,11) that skip authentication");
    public static final ConfigKey<String> INIT_AUTHENTICATION_USER = ConfigKey.ofString("initAuthenticationUser", null,
        "JSON {\"username\":\"…\",\"password\":\"…\"}: created once as a Super user at start if absent; never shown "
            + "by getBrokerConfig or logs").secret();
    public static final ConfigKey<String> INNER_CLIENT_AUTHENTICATION_CREDENTIALS = ConfigKey.ofString(
        "innerClientAuthenticationCredentials", null,
        "JSON {\"accessKey\":\"…\",\"secretKey\":\"…\"}: created once as a Super user at start if absent, and used to "
            + "sign the broker's own requests (NameServer registration; master calls later); never shown").secret();
    public static final ConfigKey<Boolean> AUTHORIZATION_ENABLED = ConfigKey.ofBoolean("authorizationEnabled", false,
        "check every authenticated request against its user's ACL (Super users pass); refusals answer NO_PERMISSION");
    public static final ConfigKey<String> AUTHORIZATION_PROVIDER = ConfigKey.ofString("authorizationProvider", null,
        "accepted for compatibility; Petrel always uses its built-in provider");
    public static final ConfigKey<String> AUTHORIZATION_METADATA_PROVIDER = ConfigKey.ofString(
        "authorizationMetadataProvider", null,
        "accepted for compatibility; Petrel always keeps ACLs in config/auth.json under storePathRootDir");
    public static final ConfigKey<String> AUTHORIZATION_STRATEGY = ConfigKey.ofString("authorizationStrategy", null,
        "accepted for compatibility; Petrel authorizes every request (Apache's stateless strategy)");
    public static final ConfigKey<String> AUTHORIZATION_WHITELIST = ConfigKey.ofString("authorizationWhitelist", null,
        "comma-separated request codes that skip authorization");
    public static final ConfigKey<Boolean> MIGRATE_AUTH_FROM_V1_ENABLED = ConfigKey.ofBoolean("migrateAuthFromV1Enabled",
        false, "at start, import the ACL 1.0 accounts (plain_acl.yml and conf/acl/*.yml) as ACL 2.0 users and ACLs, "
            + "each account whose access key is not a user yet (docs/security.md, \"Migrating to ACL 2.0\")");
    public static final ConfigKey<Boolean> ACL_ENABLE = ConfigKey.ofBoolean("aclEnable", false,
        "ACL 1.0: check every request against the accounts of <rocketmqHome>/conf/plain_acl.yml "
            + "(rocketmq.acl.plain.file) and conf/acl/*.yml; refusals answer SYSTEM_ERROR (1) as in RocketMQ");
    public static final ConfigKey<String> ROCKETMQ_HOME = ConfigKey.ofString("rocketmqHome", null,
        "RocketMQ's home directory, where ACL 1.0 files live (conf/plain_acl.yml, conf/acl/); unset: the system "
            + "property rocketmq.home.dir, else the environment variable ROCKETMQ_HOME, as in RocketMQ")
        .orSystemProperty("rocketmq.home.dir").orEnvironmentVariable("ROCKETMQ_HOME");
    public static final ConfigKey<String> ACL_PLAIN_FILE = ConfigKey.ofString("rocketmq.acl.plain.file",
        "conf/plain_acl.yml", "ACL 1.0's default file, relative to rocketmqHome (RocketMQ reads only the system "
            + "property of this name; Petrel also takes it from broker.conf)").orSystemProperty("rocketmq.acl.plain.file");
    public static final ConfigKey<Long> ACL_FILE_CHECK_INTERVAL_MILLIS = ConfigKey.ofLong("aclFileCheckIntervalMillis",
        5000, 0, 86_400_000, "how often the ACL 1.0 files are checked for changes (modification time and size); a "
            + "changed file that cannot be used is logged and the previous content stays in force; 0 never");
    public static final ConfigKey<Integer> USER_CACHE_MAX_NUM = ConfigKey.ofInt("userCacheMaxNum", 1000, 0,
        Integer.MAX_VALUE, "accepted for compatibility; Petrel keeps every user in memory");
    public static final ConfigKey<Integer> USER_CACHE_EXPIRED_SECOND = ConfigKey.ofInt("userCacheExpiredSecond", 600, 0,
        Integer.MAX_VALUE, "accepted for compatibility; Petrel keeps every user in memory");
    public static final ConfigKey<Integer> USER_CACHE_REFRESH_SECOND = ConfigKey.ofInt("userCacheRefreshSecond", 60, 0,
        Integer.MAX_VALUE, "accepted for compatibility; Petrel keeps every user in memory");
    public static final ConfigKey<Integer> ACL_CACHE_MAX_NUM = ConfigKey.ofInt("aclCacheMaxNum", 1000, 0,
        Integer.MAX_VALUE, "accepted for compatibility; Petrel keeps every ACL in memory");
    public static final ConfigKey<Integer> ACL_CACHE_EXPIRED_SECOND = ConfigKey.ofInt("aclCacheExpiredSecond", 600, 0,
        Integer.MAX_VALUE, "accepted for compatibility; Petrel keeps every ACL in memory");
    public static final ConfigKey<Integer> ACL_CACHE_REFRESH_SECOND = ConfigKey.ofInt("aclCacheRefreshSecond", 60, 0,
        Integer.MAX_VALUE, "accepted for compatibility; Petrel keeps every ACL in memory");
    public static final ConfigKey<Integer> STATEFUL_AUTHENTICATION_CACHE_MAX_NUM = ConfigKey.ofInt(
        "statefulAuthenticationCacheMaxNum", 10000, 0, Integer.MAX_VALUE, "accepted for compatibility; unused");
    public static final ConfigKey<Integer> STATEFUL_AUTHENTICATION_CACHE_EXPIRED_SECOND = ConfigKey.ofInt(
        "statefulAuthenticationCacheExpiredSecond", 60, 0, Integer.MAX_VALUE, "accepted for compatibility; unused");
    public static final ConfigKey<Integer> STATEFUL_AUTHORIZATION_CACHE_MAX_NUM = ConfigKey.ofInt(
        "statefulAuthorizationCacheMaxNum", 10000, 0, Integer.MAX_VALUE, "accepted for compatibility; unused");
    public static final ConfigKey<Integer> STATEFUL_AUTHORIZATION_CACHE_EXPIRED_SECOND = ConfigKey.ofInt(
        "statefulAuthorizationCacheExpiredSecond", 60, 0, Integer.MAX_VALUE, "accepted for compatibility; unused");

    public static final ConfigDef DEF = ConfigDef.of("broker authentication and authorization (ACL 2.0)",
        AUTHENTICATION_ENABLED, AUTHENTICATION_PROVIDER, AUTHENTICATION_METADATA_PROVIDER, AUTHENTICATION_STRATEGY,
        AUTHENTICATION_WHITELIST, INIT_AUTHENTICATION_USER, INNER_CLIENT_AUTHENTICATION_CREDENTIALS,
        AUTHORIZATION_ENABLED, AUTHORIZATION_PROVIDER, AUTHORIZATION_METADATA_PROVIDER, AUTHORIZATION_STRATEGY,
        AUTHORIZATION_WHITELIST, MIGRATE_AUTH_FROM_V1_ENABLED, ACL_ENABLE, ROCKETMQ_HOME, ACL_PLAIN_FILE,
        ACL_FILE_CHECK_INTERVAL_MILLIS,
        USER_CACHE_MAX_NUM, USER_CACHE_EXPIRED_SECOND,
        USER_CACHE_REFRESH_SECOND, ACL_CACHE_MAX_NUM, ACL_CACHE_EXPIRED_SECOND, ACL_CACHE_REFRESH_SECOND,
        STATEFUL_AUTHENTICATION_CACHE_MAX_NUM, STATEFUL_AUTHENTICATION_CACHE_EXPIRED_SECOND,
        STATEFUL_AUTHORIZATION_CACHE_MAX_NUM, STATEFUL_AUTHORIZATION_CACHE_EXPIRED_SECOND);

    private AuthConfig() {
    }
}
