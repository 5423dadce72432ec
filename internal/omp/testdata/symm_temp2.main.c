#include <stdio.h>
void kernel(void);
extern double A[20][20], B[20][30], C[20][30]; extern double alpha, beta;
int main(){ for(int i=0;i<20;i++)for(int j=0;j<20;j++)A[i][j]=(i*7+j*3)%11/7.0;
 for(int i=0;i<20;i++)for(int j=0;j<30;j++){B[i][j]=(i+2*j)%13/5.0;C[i][j]=(i*j)%7/3.0;}
 alpha=1.5;beta=1.2; kernel(); double s=0; for(int i=0;i<20;i++)for(int j=0;j<30;j++) s+=C[i][j]*(i+j+1); printf("%.12e\n",s);}
