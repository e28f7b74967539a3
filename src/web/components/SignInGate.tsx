import type { ReactNode } from 'react';
import { LockOutlined } from '@ant-design/icons';
import type { Me } from '../features/auth/api';
import { Loading } from './Loading';
import { useAuthDialog } from '../features/auth/authDialogContext';
import { Gate } from './Gate';
import { StateBox } from './PageState';

/**
 * A page for signed-in users: visitors see `title` and a sign-in button that opens the sign-in dialog
 * (the server still decides what each user may read).
 */
export function SignInGate({
  className,
  testId,
  title,
  action,
  children,
}: {
  className: string;
  testId: string;
  title: string;
  action: string;
  children: (user: Me) => ReactNode;
}) {
  const authDialog = useAuthDialog();
  return (
    <Gate
      loading={<Loading />}
      visitor={
        <div className={`container ${className}`}>
          <StateBox
            testId={testId}
            icon={<LockOutlined />}
            title={title}
            actions={
              <button type="button" className="btn btn--primary" onClick={() => authDialog.open({ mode: 'signin' })} data-testid={`${testId}-button`}>
                {action}
              </button>
            }
          />
        </div>
      }
    >
      {children}
    </Gate>
  );
}
