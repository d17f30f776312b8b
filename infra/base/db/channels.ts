/** PostgreSQL NOTIFY channels: the publisher and its listeners name them from here. */

/** Payload `<sourceKey>:<versionId>`: a list version was published, or `catalog:<keys>`: lists were switched on or off; matchers reload. */
export const LIST_PUBLISHED_CHANNEL = 'list_published';
