/** The NameServer's KV config and its file, in Apache's {@code kvConfig.json} format. */
package dev.petrel.namesrv.kv;
