package dev.petrel.server;

import dev.petrel.admin.AdminClient;
import dev.petrel.admin.cli.Command;
import dev.petrel.admin.cli.Flag;
import dev.petrel.admin.cli.Invocation;
import dev.petrel.admin.cli.ParsedArgs;
import dev.petrel.admin.cli.Report;
import dev.petrel.admin.cli.UsageException;
import dev.petrel.broker.auth.PlainAclImport;
import dev.petrel.client.BrokerException;
import dev.petrel.client.admin.PetrelAdmin;
import dev.petrel.protocol.body.auth.AclInfo;
import dev.petrel.protocol.body.auth.UserInfo;
import dev.petrel.protocol.code.RequestCode;
import dev.petrel.protocol.code.ResponseCode;
import dev.petrel.protocol.frame.RemotingCommand;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code petrel admin migratePlainAcl}: an ACL 1.0 plain_acl.yml as ACL 2.0 users and ACLs on running brokers, in
 * one command, by the rule of {@code migrateAuthFromV1Enabled} (docs/security.md, "Migrating to ACL 2.0"): each
 * account whose access key is not a user yet is created (AUTH_CREATE_USER) with its ACL (AUTH_CREATE_ACL); accounts
 * that are users already are left alone. mqadmin 5.3.1 has no such command, so the name is Petrel's. Requests are
 * signed with {@code --accessKey}/{@code --secretKey}, else with the credentials every command takes
 * ({@code --access-key}/{@code --secret-key}, $PETREL_ACCESS_KEY, tools.yml: a Super user of the brokers). Here and not in petrel-admin
 * because it reads the file with the broker's own reader.
 */
final class MigratePlainAclCommand {

    private MigratePlainAclCommand() {
    }

    static Command command() {
        return Command.of("migratePlainAcl", "create the accounts of an ACL 1.0 plain_acl.yml as ACL 2.0 users and ACLs "
                + "on brokers (accounts that are users already are skipped)",
            "petrel admin migratePlainAcl -n 127.0.0.1:9876 -c DefaultCluster -f conf/plain_acl.yml "
                + "--accessKey rocketmq --secretKey 12345678",
            MigratePlainAclCommand::run,
            Flag.value("f", "file", "FILE", "the plain_acl.yml to migrate").mandatory(),
            Flag.value("b", "brokerAddr", "ADDR", "one broker, host:port"),
            Flag.value("c", "clusterName", "CLUSTER", "every broker of the cluster, masters and slaves"),
            Flag.value(null, "accessKey", "AK", "access key of a Super user to sign the requests with (as --access-key)"),
            Flag.value(null, "secretKey", "SK", "its secret key (as --secret-key)"));
    }

    static Report run(Invocation in) {
        ParsedArgs a = in.args();
        a.requireOneOf("brokerAddr", "clusterName");
        if (a.has("accessKey") != a.has("secretKey")) {
            throw new UsageException("give both --accessKey and --secretKey, or neither");
        }
        Path file = Path.of(a.required("file"));
        List<PlainAclImport.Account> accounts;
        try {
            accounts = PlainAclImport.read(Files.readAllBytes(file));
        } catch (IOException e) {
            throw new UsageException("cannot read " + file + ": " + e.getMessage());
        } catch (IllegalArgumentException e) {
            throw new UsageException(file + " is not a usable plain_acl.yml: " + e.getMessage());
        }
        List<String> brokers = new ArrayList<>();
        if (a.has("brokerAddr")) {
            brokers.add(a.string("brokerAddr"));
        } else {
            for (AdminClient.BrokerAddress b : in.admin().brokers(a.string("clusterName"))) {
                brokers.add(b.address());
            }
        }
        // --accessKey/--secretKey (this command's own, older than the common --access-key/--secret-key) win
        PetrelAdmin admin = a.has("accessKey")
            ? in.open(PetrelAdmin.builder().namesrvAddr(in.namesrvAddr()).timeout(Invocation.CALL_TIMEOUT)
                .credentials(a.string("accessKey"), a.string("secretKey")).build())
            : in.admin().admin();
        Report report = new Report();
        List<Map<String, Object>> rows = new ArrayList<>();
        for (String broker : brokers) {
            for (PlainAclImport.Account account : accounts) {
                String outcome = migrate(admin, broker, account);
                report.linef("%s %s to %s: %s", "migrate accessKey", account.accessKey(), broker, outcome);
                rows.add(Map.of("broker", broker, "accessKey", account.accessKey(), "outcome", outcome));
            }
        }
        report.put("accounts", rows);
        return report;
    }

    private static String migrate(PetrelAdmin admin, String broker, PlainAclImport.Account account) {
        RemotingCommand created = admin.invoke(broker, RemotingCommand.request(RequestCode.AUTH_CREATE_USER,
            Map.of("username", account.accessKey()), UserInfo.CODEC.encode(account.user())), "createUser");
        if (created.code() != ResponseCode.SUCCESS) {
            if ("The user is existed".equals(created.remark())) {
                return "skipped: a user of that name exists";
            }
            throw new BrokerException(created.code(), created.remark(), broker, "createUser " + account.accessKey());
        }
        AclInfo acl = account.acl();
        if (acl == null) {
            return "created " + account.user().userType() + " user, no ACL entries";
        }
        RemotingCommand aclDone = admin.invoke(broker, RemotingCommand.request(RequestCode.AUTH_CREATE_ACL,
            Map.of("subject", acl.subject()), AclInfo.CODEC.encode(acl)), "createAcl");
        if (aclDone.code() != ResponseCode.SUCCESS) {
            throw new BrokerException(aclDone.code(), aclDone.remark(), broker, "createAcl " + acl.subject());
        }
        int entries = acl.policies().stream().mapToInt(p -> p.entries().size()).sum();
        return "created " + account.user().userType() + " user and " + entries + " ACL entries";
    }
}
