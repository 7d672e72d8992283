/** Administration requests of mqadmin and DefaultMQAdminExt: topics, groups, consumers, offsets, broker config, runtime info. */
package dev.petrel.broker.admin;
