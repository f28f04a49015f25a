-- 赛事活动 on the activity engine (issue 17 item 3, decision 181): activities of kind 'game', one game type
-- each; each prize of such an activity is a task's reward, its task beside it; results reported by a PC
-- or confirmed by staff from a screenshot; a task paid once per member and period.
create table activity_games (
  activity_id integer primary key references activities(id),
  game_type text not null check (game_type in ('League_of_Heroes', 'Forever', 'PUBG', 'Yunding', 'League', 'League_yunding', 'ThreeKingdomsKill'))
);
create index activity_games_type on activity_games (game_type);

create table activity_game_tasks (
  prize_id integer primary key references activity_prizes(id),
  activity_id integer not null references activities(id),
  metric text not null check (metric in ('wins', 'matches', 'minutes', 'kills')),
  target integer not null check (target > 0),
  period text not null check (period in ('day', 'activity'))
);
create index activity_game_tasks_activity on activity_game_tasks (activity_id);

-- A member's result (胜场, 对局, 分钟, 击杀) in a game activity: accepted at once from a PC, or pending until
-- staff confirm its screenshot. Only accepted results count towards tasks and the leaderboard.
create table game_results (
  id bigserial primary key,
  activity_id integer not null references activities(id),
  netbar_id integer not null,
  member_id integer not null references members(id),
  machine_id integer,
  metric text not null check (metric in ('wins', 'matches', 'minutes', 'kills')),
  value integer not null check (value > 0),
  day date not null,
  status text not null check (status in ('pending', 'accepted', 'rejected')),
  screenshot text not null default '',
  remark text not null default '',
  reviewed_by integer,
  reviewed_by_name text not null default '',
  reviewed_at timestamptz,
  request_id text not null,
  at timestamptz not null default now()
);
create unique index game_results_request on game_results (netbar_id, request_id);
create index game_results_progress on game_results (activity_id, member_id, metric, day) where status = 'accepted';
create index game_results_pending on game_results (netbar_id, id desc) where status = 'pending';

-- A task paid: the primary key is the rule 'once per member per task period' (period_key is the Beijing
-- day for a daily task, 'all' for the whole activity), whatever the concurrency.
create table game_task_payouts (
  prize_id integer not null references activity_prizes(id),
  member_id integer not null references members(id),
  period_key text not null,
  claim_id bigint not null references activity_claims(id),
  result_id bigint not null references game_results(id),
  primary key (prize_id, member_id, period_key)
);
create index game_task_payouts_result on game_task_payouts (result_id);
create trigger game_task_payouts_no_change before update or delete on game_task_payouts
  for each row execute function activity_ledger_guard();
