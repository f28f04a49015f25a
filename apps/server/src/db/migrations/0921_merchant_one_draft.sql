-- One open draft (草稿) per owner (decision 163): add_save without an id continues it, so a double click or a
-- retried first save never leaves two drafts; the index settles two saves that race.
create unique index merchants_one_draft on merchants (owner_user_id) where status = 0;
