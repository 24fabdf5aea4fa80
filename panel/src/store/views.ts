import { rpc, type PanelInputs } from '../rpc';
import { queryStore } from './query';

/** The funnel for a period. */
export const useFunnel = queryStore((input: PanelInputs['funnel']) => rpc.funnel.query(input));
/** The active catalogue. */
export const useCatalogue = queryStore((_: Record<string, never>) => rpc.catalogue.get.query());
/** 'Probar': what a visitor's line would choose. */
export const useCatalogueTry = queryStore((input: PanelInputs['catalogue']['try']) => rpc.catalogue.try.query(input));
/** The audit log. */
export const useAudit = queryStore((input: PanelInputs['audit']['list']) => rpc.audit.list.query(input));
/** Who is signed in. */
export const useMe = queryStore((_: Record<string, never>) => rpc.session.me.query());
