import { AppError } from '@stockyard/service-kit';
import { deleteChannel, newChannel, updateChannel, type ChannelState } from '../src/domain/channel';

const channel = (over: Partial<ChannelState> = {}): ChannelState => ({
  ...newChannel('org_1', { name: 'Shop', platform: 'HTTP_FEED', feedUrl: 'https://feed.example.com/orders' }),
  version: 1,
  ...over,
});
const codeOf = (fn: () => unknown) => {
  try {
    fn();
    return 'ok';
  } catch (err) {
    return err instanceof AppError ? `${err.status} ${err.code}` : String(err);
  }
};

describe('sales channel rules', () => {
  it('gives an HTTP_FEED channel a feed secret and other platforms none', () => {
    expect(channel().feedSecret).toMatch(/^chfs_[0-9A-Za-z]{32}$/);
    expect(newChannel('org_1', { name: 'API', platform: 'API' }).feedSecret).toBeNull();
  });

  it('rotates the feed secret only when asked', () => {
    const c = channel();
    expect(updateChannel(c, { name: 'Shop 2' }, () => 'chfs_new').feedSecret).toBe(c.feedSecret);
    expect(updateChannel(c, { rotateFeedSecret: true }, () => 'chfs_new').feedSecret).toBe('chfs_new');
  });

  it('refuses a feed URL on a channel that has no feed (422 feed_not_allowed)', () => {
    const api = channel({ platform: 'API', feedUrl: null, feedSecret: null });
    expect(codeOf(() => updateChannel(api, { feedUrl: 'https://x.example' }, () => 's'))).toBe('422 feed_not_allowed');
  });

  it('soft-deletes a channel without listings and refuses one with listings (409 channel_has_listings)', () => {
    const now = new Date();
    expect(deleteChannel(channel(), 0, now)).toMatchObject({ deletedAt: now, active: false });
    expect(codeOf(() => deleteChannel(channel(), 2, now))).toBe('409 channel_has_listings');
  });

  it('refuses edits of a deleted channel (409 channel_deleted) and deletes it again as a no-op', () => {
    const deleted = channel({ deletedAt: new Date() });
    expect(codeOf(() => updateChannel(deleted, { name: 'x' }, () => 's'))).toBe('409 channel_deleted');
    expect(deleteChannel(deleted, 5, new Date())).toBe(deleted);
  });
});
