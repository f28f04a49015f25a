-- 生日 on the member form (decision 183): the whole date beside the month-day the 生日奖励 promotion reads.
-- Rows written before (month-day only) keep born_on null.
alter table member_birthdays add column born_on date;
