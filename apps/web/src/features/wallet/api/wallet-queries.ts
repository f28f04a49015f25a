import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchAgentSettings, fetchProducts, fetchProfitRates } from './wallet-admin-api';
import { fetchBalanceInfo } from './wallet-api';
import { walletKeys } from './wallet-keys';

/** The wallet queries: queryOptions own the key (decision 090). Lists are PageTables under the keys' prefixes. */

export const balanceQuery = () => queryOptions({ queryKey: walletKeys.balance(), queryFn: fetchBalanceInfo });
export const useBalanceInfo = () => useQuery(balanceQuery());

export const productsQuery = () => queryOptions({ queryKey: walletKeys.products(), queryFn: fetchProducts });
export const useProducts = () => useQuery(productsQuery());

export const agentSettingsQuery = () =>
  queryOptions({ queryKey: walletKeys.agentSettings(), queryFn: fetchAgentSettings });
export const useAgentSettings = () => useQuery(agentSettingsQuery());

export const profitRatesQuery = () =>
  queryOptions({ queryKey: walletKeys.profit(), queryFn: fetchProfitRates });
export const useProfitRates = () => useQuery(profitRatesQuery());
