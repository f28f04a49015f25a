import { type MutationConfig, useInvalidatingMutation } from '../../../lib/mutations';
import { moveGame, reviewGameResult, saveGame } from './game-api';
import { gameKeys } from './game-keys';

const all = [gameKeys.all];

export const useSaveGame = (c?: MutationConfig<Awaited<ReturnType<typeof saveGame>>>) =>
  useInvalidatingMutation(saveGame, all, c);
export const useMoveGame = (c?: MutationConfig<Awaited<ReturnType<typeof moveGame>>>) =>
  useInvalidatingMutation(moveGame, all, c);
export const useReviewGameResult = (c?: MutationConfig<Awaited<ReturnType<typeof reviewGameResult>>>) =>
  useInvalidatingMutation(reviewGameResult, all, c);
