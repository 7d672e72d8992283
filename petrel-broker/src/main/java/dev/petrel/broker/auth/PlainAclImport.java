package dev.petrel.broker.auth;

import dev.petrel.protocol.body.auth.AclInfo;
import dev.petrel.protocol.body.auth.UserInfo;
import java.util.ArrayList;
import java.util.List;

/**
 * An ACL 1.0 file as the AUTH_CREATE_USER and AUTH_CREATE_ACL bodies that migrate it to ACL 2.0 (the rule of
 * {@code migrateAuthFromV1Enabled}, {@link PlainAclMigration}), for {@code petrel admin migratePlainAcl}, which sends
 * them to running brokers. Pure.
 */
public final class PlainAclImport {

    /**
     * One account: its user (secret as password) and its ACL (null when the account names no permission).
     * {@link #toString()} shows no password.
     */
    public record Account(String accessKey, UserInfo user, AclInfo acl) {
        @Override
        public String toString() {
            return "Account[" + AuthFailures.printable(accessKey) + ", " + user.userType() + ", "
                + (acl == null ? 0 : acl.policies().stream().mapToInt(p -> p.entries().size()).sum()) + " ACL entries]";
        }
    }

    private PlainAclImport() {
    }

    /**
     * @param yaml a plain_acl.yml
     * @throws IllegalArgumentException naming what is wrong with the file (never quoting a secret)
     */
    public static List<Account> read(byte[] yaml) {
        PlainAclFile.Data data;
        try {
            data = PlainAclFile.parse(yaml);
        } catch (AuthException e) {
            throw new IllegalArgumentException(e.getMessage());
        }
        List<Account> out = new ArrayList<>();
        PlainAclChecker.Accounts merged = PlainAclChecker.Accounts.merge(List.of(data), key -> { });
        for (PlainAccount account : merged.byAccessKey().values()) {
            PlainAclMigration.Migrated m = PlainAclMigration.of(account);
            out.add(new Account(account.accessKey(), AuthCodec.info(m.user()),
                m.acl() == null ? null : AuthCodec.info(m.acl())));
        }
        return out;
    }
}
