import { useRootData } from '~/root';
import { CallUsLink } from '~/components/ui/CallUsLink';

/**
 * An agreement the file cannot have now (pay later when a deferral is not possible, skipping
 * when it is not offered): the reason given, and the support line to call instead.
 */
export function NotAvailable({ message }: { message: string }) {
  const { variant } = useRootData()!;
  return (
    <div className="panel panel--warning">
      <p>{message}</p>
      <p>
        <CallUsLink variant={variant} />
      </p>
    </div>
  );
}
